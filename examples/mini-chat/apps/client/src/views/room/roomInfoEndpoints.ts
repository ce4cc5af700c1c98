import { useEndpoint } from '../../hooks/useEndpoint';
import { sdk } from '../../stubs/sdk';

const ROOMS_PREFIX = '/v1/rooms';

const membersEndpoints = {
	c: '/v1/channels.members',
	p: '/v1/groups.members',
} as const;

/** The REST calls behind the room info panel. */
export function useRoomInfoEndpoints(roomType: 'c' | 'p', isTeam: boolean, historyKind: string) {
	return {
		getInfo: useEndpoint('GET', isTeam ? '/v1/teams.info' : '/v1/rooms.info'),
		getRoom: useEndpoint('GET', `${ROOMS_PREFIX}.get`),
		getMembers: useEndpoint('GET', membersEndpoints[roomType]),
		getRoomMembers: useEndpoint('GET', '/v1/rooms/:rid/members'),
		notifyAdmins: useEndpoint('POST', '/apps/notify-admins'),
		// The route depends on what is being browsed: only known at run time.
		getHistory: useEndpoint('GET', `/v1/${historyKind}.history`),
	};
}

/** Members of the general room, fetched without the hook (for the welcome screen). */
export function fetchGeneralMembers(): Promise<unknown> {
	return sdk.rest.get('/v1/rooms/GENERAL/members');
}
