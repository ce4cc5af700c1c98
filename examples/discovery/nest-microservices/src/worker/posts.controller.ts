import { Controller } from "@nestjs/common";
import { EventPattern } from "@nestjs/microservices";

@Controller()
export class PostsWorker {
	@EventPattern("post.publish")
	publish(data: { id: string }) {
		return data.id;
	}

	@EventPattern("digest.send")
	sendDigest(data: { orgId: string }) {
		return data.orgId;
	}
}
