export { OPTIONS, POST } from "../../../../../../lib/user-route";
