import { ApiClass } from '../api/ApiClass';

/** REST endpoints of the apps framework, served under `/api/apps/`. */
export class AppsRestApi {
	private api?: ApiClass;

	load(): void {
		this.api = new ApiClass({ version: 'apps' });
		this.addManagementRoutes();
	}

	private addManagementRoutes(): void {
		this.api?.addRoute('notify-admins', { authRequired: true }, {
			async post() {
				return { notified: true, by: this.userId };
			},
		});
	}
}
