import { Args, Mutation, Parent, Query, ResolveField, Resolver, Subscription } from '@nestjs/graphql';
import { Team, TeamStore } from './team.store';

@Resolver(() => Team)
export class TeamsResolver {
  constructor(private readonly store: TeamStore) {}

  @Query(() => Team, { name: 'team', nullable: true })
  findTeam(@Args('id') id: string) {
    return this.store.byId(id);
  }

  @Query(() => [Team])
  teams() {
    return this.store.changes();
  }

  @Query(() => [String], { name: 'users' })
  memberNames() {
    return ['owner'];
  }

  @Mutation(() => Team)
  createTeam(@Args('name') name: string) {
    return this.store.create(name);
  }

  @Subscription(() => Team)
  teamUpdated() {
    return this.store.changes();
  }

  @ResolveField(() => [String])
  members(@Parent() team: Team) {
    return this.store.membersOf(team.id);
  }
}
