import type { IRead } from "@rocket.chat/apps-engine/definition/accessors";
import type { ISetting } from "@rocket.chat/apps-engine/definition/settings";
import { SettingType } from "@rocket.chat/apps-engine/definition/settings";

/** Settings for a sidecar that serves several repositories (`codeask serve --repos-dir`). */
export enum RepoSettingId {
	AdminToken = "codeask_admin_token",
	AdminRole = "codeask_admin_role",
	DefaultRepo = "codeask_default_repo",
}

export const repoSettings: Array<ISetting> = [
	{
		id: RepoSettingId.AdminToken,
		type: SettingType.PASSWORD,
		packageValue: "",
		required: false,
		public: false,
		i18nLabel: "setting_admin_token",
		i18nDescription: "setting_admin_token_description",
	},
	{
		id: RepoSettingId.AdminRole,
		type: SettingType.STRING,
		packageValue: "admin",
		required: false,
		public: false,
		i18nLabel: "setting_admin_role",
		i18nDescription: "setting_admin_role_description",
	},
	{
		id: RepoSettingId.DefaultRepo,
		type: SettingType.STRING,
		packageValue: "",
		required: false,
		public: false,
		i18nLabel: "setting_default_repo",
		i18nDescription: "setting_default_repo_description",
	},
];

export interface RepoAppSettings {
	/** The sidecar's CODEASK_ADMIN_TOKEN; empty = `/codeask repos` is off. */
	adminToken: string;
	/** Users with this role may add, remove and sync repositories. */
	adminRole: string;
	/** The repository questions go to when the room has none of its own; empty = the sidecar's default. */
	defaultRepo: string;
}

export async function readRepoSettings(read: IRead): Promise<RepoAppSettings> {
	const settings = read.getEnvironmentReader().getSettings();
	const text = async (id: RepoSettingId, fallback = "") => {
		const value = await settings.getValueById(id);
		return typeof value === "string" && value.trim() ? value.trim() : fallback;
	};
	return {
		adminToken: await text(RepoSettingId.AdminToken),
		adminRole: await text(RepoSettingId.AdminRole, "admin"),
		defaultRepo: await text(RepoSettingId.DefaultRepo),
	};
}
