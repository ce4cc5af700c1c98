import { Permission } from "./decorators";

// Plain words in `{ name }` objects on both sides, written as literals: a permission check and a
// repository lookup share no idiom.
const roles = {
	findOne: (where: { name: string }) => where.name,
};

export class Admin {
	@Permission({ name: "admin" })
	async ban() {
		return roles.findOne({ name: "admin" });
	}

	@Permission({ name: "editor" })
	async edit() {
		return roles.findOne({ name: "editor" });
	}
}
