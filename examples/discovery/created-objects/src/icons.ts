import { Emitter } from './emitter';

// One object made from a class expression: `this` inside it is that object.
export const iconManager = new (class extends Emitter {
	icons: string[] = [];

	load(icon: string) {
		this.icons.push(icon);
		this.emit('change');
	}
})();

class RoleStore extends Emitter {
	roles: string[] = [];

	grant(role: string) {
		this.roles.push(role);
		this.emit('change');
	}
}

export const roles = new RoleStore();
