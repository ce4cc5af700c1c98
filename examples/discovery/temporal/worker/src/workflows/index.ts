export * from "./order.workflow";
export * from "./shipment.workflow";
