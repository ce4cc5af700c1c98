export { GET } from "../../../../modules/api/v2/me/route";
