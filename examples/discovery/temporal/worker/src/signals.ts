import { defineSignal } from "@temporalio/workflow";

/** Signals the workflows handle, sent by name from the API (`signalWithStart`, `handle.signal`). */
export const nudgeSignal = defineSignal("nudge");
export const cancelSignal = defineSignal<[string]>("cancel");
