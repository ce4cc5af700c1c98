export class Project {
  id = '';
  name = '';
  archived = false;
}

export class ProjectService {
  private projects = new Map<string, Project>();

  find(id: string) {
    return this.projects.get(id) ?? null;
  }

  list() {
    return [...this.projects.values()];
  }

  create(name: string) {
    const project = Object.assign(new Project(), { id: String(this.projects.size + 1), name });
    this.projects.set(project.id, project);
    return project;
  }

  archive(id: string) {
    const project = this.projects.get(id);
    if (project) project.archived = true;
    return Boolean(project);
  }

  ownerOf(id: string) {
    return id ? 'owner' : null;
  }
}
