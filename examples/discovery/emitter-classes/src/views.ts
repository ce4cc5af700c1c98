import { cartStore, userStore } from './stores';

export function renderCart(items: unknown) {
	console.log('cart', items);
}

export function renderUser(name: unknown) {
	console.log('user', name);
}

export function mount() {
	cartStore.on('updated', renderCart);
	userStore.on('updated', renderUser);
}
