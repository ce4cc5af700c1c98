import { router } from "../../trpc";
import { getSettingsRoute } from "./get-settings";
import { updateDigestFrequencyRoute } from "./update-digest";
import { updateThemeRoute } from "./update-theme";

// Procedures defined in their own files, and a plain object nesting some under `theme`.
export const settingsRouter = router({
	get: getSettingsRoute,
	theme: {
		update: updateThemeRoute,
	},
	notificationPreferences: {
		weeklyEmailDigestFrequency: updateDigestFrequencyRoute,
	},
});
