import { Query } from './params';

// `Query` here is the repository's own decorator (a query-string reader), not a GraphQL resolver.
export class ReportController {
  @Query('range')
  summary() {
    return { total: 0 };
  }

  @Query()
  details() {
    return [];
  }
}
