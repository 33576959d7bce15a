import "../styles/goldhack.css";
import { onInit } from "./hooks/init";

Hooks.once("init", onInit);
