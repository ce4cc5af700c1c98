import { trpc } from "./trpc";

export function Settings() {
	const settings = trpc.settings.get.useQuery();
	const setTheme = trpc.settings.theme.update.useMutation();
	return { settings, dark: () => setTheme.mutate("dark") };
}
