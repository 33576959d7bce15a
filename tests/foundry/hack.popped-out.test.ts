/** hack.test.ts once more, with every window popped out into another realm (popped-out.ts). */
import { popOutThisFile } from "./popped-out";

popOutThisFile();
await import("./hack.test");
