/** Whether the service still takes new questions; flipped once by graceful shutdown. */
import { HttpError } from "../http/http-error.js";

export class Lifecycle {
	shuttingDown = false;

	assertAccepting(): void {
		if (this.shuttingDown) {
			throw new HttpError(
				503,
				"shutting-down",
				"the service is shutting down; retry against the new instance",
				{
					headers: { "retry-after": "5", connection: "close" },
				},
			);
		}
	}
}
