import { worker } from "./queue";

export function sendMail(): void {}
export function resizeImage(): void {}
export function syncCalendar(): void {}

worker.process("send-mail", sendMail);
worker.process("resize-image", resizeImage);
worker.process("sync-calendar", syncCalendar);
