import { Emitter } from './emitter';

export class CartStore extends Emitter {
	items: string[] = [];
	add(item: string) {
		this.items.push(item);
		this.emit('updated', this.items);
	}
}

export class UserStore extends Emitter {
	name = '';
	login(name: string) {
		this.name = name;
		this.emit('updated', name);
	}
}

// A subclass is still a cart: its `updated` reaches the cart's listeners.
export class SavedCartStore extends CartStore {
	restore(items: string[]) {
		this.items = items;
		this.emit('updated', items);
	}
}

export const cartStore = new SavedCartStore();
export const userStore = new UserStore();
