import { trpc } from "./trpc";

export function Settings() {
	const settings = trpc.settings.get.useQuery();
	const setTheme = trpc.settings.theme.update.useMutation();
	// A path longer than the cap on other calls' receivers (60 characters): a proxy's receiver is its key.
	const setDigest = trpc.settings.notificationPreferences.weeklyEmailDigestFrequency.useMutation();
	return { settings, dark: () => setTheme.mutate("dark"), weekly: () => setDigest.mutate("weekly") };
}
