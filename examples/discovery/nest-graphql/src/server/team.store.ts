export class Team {
  id = '';
  name = '';
}

export class TeamStore {
  private teams = new Map<string, Team>();

  byId(id: string) {
    return this.teams.get(id) ?? null;
  }

  create(name: string) {
    const team = Object.assign(new Team(), { id: String(this.teams.size + 1), name });
    this.teams.set(team.id, team);
    return team;
  }

  changes() {
    return [...this.teams.values()];
  }

  membersOf(id: string) {
    return id ? ['owner'] : [];
  }
}
