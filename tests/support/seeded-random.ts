/** The project's one seeded PRNG lives in the rules core (quick start uses it too); tests import it from here. */
export { mulberry32, type RandomSource } from "../../src/rules/random";
