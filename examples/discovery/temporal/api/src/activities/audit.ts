/**
 * An activity feed (who did what), no Temporal activity: its folder is named `activities/`, but the
 * workflows name their activity modules (`proxyActivities<typeof activities>()`), and this is none.
 */
export function recordActivity(user: string, action: string): string {
	return `${user} ${action}`;
}

export function chargeCard(orderId: string): string {
	return `audit: charged ${orderId}`;
}
