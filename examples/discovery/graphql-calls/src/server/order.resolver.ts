import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';

const orders = new Map<string, { id: string; code: string; state: string }>();

@Resolver()
export class OrderResolver {
  @Query(() => [String])
  orders() {
    return [...orders.values()];
  }

  @Mutation(() => String)
  cancelOrder(@Args('id') id: string) {
    const order = orders.get(id);
    if (order) order.state = 'Cancelled';
    return order;
  }

  @Mutation(() => String)
  refundOrder(@Args('id') id: string) {
    return orders.get(id);
  }
}
