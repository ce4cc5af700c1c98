import { io } from "socket.io-client";

const socket = io("/");

export function sendMessage(text: string) {
	socket.emit("chat.send", text);
}
