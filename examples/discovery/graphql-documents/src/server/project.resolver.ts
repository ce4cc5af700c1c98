import { Args, Mutation, Parent, Query, ResolveField, Resolver, Subscription } from '@nestjs/graphql';
import { Project, ProjectService } from './project.service';

@Resolver(() => Project)
export class ProjectResolver {
  constructor(private readonly projects: ProjectService) {}

  @Query(() => Project, { name: 'project', nullable: true })
  findProject(@Args('id') id: string) {
    return this.projects.find(id);
  }

  @Query(() => [Project])
  projectList() {
    return this.projects.list();
  }

  @Mutation(() => Project)
  createProject(@Args('name') name: string) {
    return this.projects.create(name);
  }

  @Mutation(() => Boolean, { name: 'archiveProject' })
  archive(@Args('id') id: string) {
    return this.projects.archive(id);
  }

  @Subscription(() => Project)
  projectCreated() {
    return this.projects.list();
  }

  @ResolveField(() => String)
  owner(@Parent() project: Project) {
    return this.projects.ownerOf(project.id);
  }
}
