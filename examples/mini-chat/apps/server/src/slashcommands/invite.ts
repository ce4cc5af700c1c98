import { Users } from '@mini-chat/models';

import { slashCommands } from './slashCommands';

async function inviteToRoom(params: string, _userId: string): Promise<void> {
	const user = await Users.findOneById(params.trim().replace(/^@/, ''));
	if (!user) throw new Error('no such user');
}

slashCommands.add({ command: 'invite', callback: inviteToRoom });

/** `/invite` typed by a bot on behalf of a user. */
export async function inviteFromBot(userId: string, username: string): Promise<void> {
	await slashCommands.run({ command: 'invite', params: username, userId });
}
