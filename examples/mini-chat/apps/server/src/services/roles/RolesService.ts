import { api, ServiceClass } from '@mini-chat/core-services';
import { Users } from '@mini-chat/models';

import { memoize } from '../../lib/memoize';

/** Which roles a user has, cached for a minute and dropped when roles or permissions change. */
export class RolesService extends ServiceClass {
	protected name = 'roles';

	private getRolesCached = memoize(this.getRoles.bind(this), { maxAge: 60_000 });

	constructor() {
		super();

		const clearCache = (): void => {
			memoize.clear(this.getRolesCached);
		};

		this.onEvent('watch.roles', clearCache);
		this.onEvent('permission.changed', clearCache);
	}

	async hasRole(userId: string, role: string): Promise<boolean> {
		const roles = await this.getRolesCached(userId);
		return roles.includes(role);
	}

	private async getRoles(userId: string): Promise<string[]> {
		const [user] = await Users.findOffline([userId]);
		return user ? ['user'] : [];
	}
}

/** Called by the admin screens after a role is edited. */
export async function notifyRolesChanged(): Promise<void> {
	await api.broadcast('watch.roles', {});
}
