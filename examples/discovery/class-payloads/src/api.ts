import { queue } from "./queue";
import { ResizeImage, SendMail, SyncCalendar } from "./jobs";

export function inviteUser(): void {
	queue.add("send-mail", new SendMail());
}
export function uploadAvatar(): void {
	queue.add("resize-image", new ResizeImage());
}
export function connectCalendar(): void {
	queue.add("sync-calendar", new SyncCalendar());
}
