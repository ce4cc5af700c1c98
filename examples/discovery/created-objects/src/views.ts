import { iconManager, roles } from './icons';

export function refreshIcons() {
	console.log(iconManager.icons);
}

export function refreshRoles() {
	console.log(roles.roles);
}

export function mountViews() {
	iconManager.on('change', refreshIcons);
	roles.on('change', refreshRoles);
}
