import { OPTIONS, POST } from "../../../../../../lib/user-route";

export { POST, OPTIONS };
