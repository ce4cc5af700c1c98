import { MessageBody, SubscribeMessage, WebSocketGateway } from "@nestjs/websockets";

@WebSocketGateway()
export class ChatGateway {
	@SubscribeMessage("chat.send")
	onSend(@MessageBody() text: string) {
		return { event: "chat.sent", data: text };
	}
}
