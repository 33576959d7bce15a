import "../styles/goldhack.css"; // @imports every other stylesheet, so the preview shows them all
import { onInit } from "./hooks/init";

Hooks.once("init", onInit);
