import type { UserStatus } from '@mini-chat/core-services';

import { sdk } from '../stubs/sdk';

const { call } = sdk;

/** Ask the server to change the current user's status. */
export const setStatus = (status: UserStatus) => call('setUserStatus', status);

export const presenceLabels: Record<UserStatus, string> = {
	online: 'Online',
	away: 'Away',
	offline: 'Offline',
};
