import { queryOptions } from "@tanstack/react-query";
import { listWebhookDeliveriesWithKey, listWebhooksWithKey } from "@/lib/api-client/webhooks-api";

/** Webhooks: the endpoints and each one's recent deliveries, invalidated together after any change. */
export const webhookKeys = {
  all: ["webhooks"] as const,
  endpoints: () => [...webhookKeys.all, "endpoints"] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, "deliveries", endpointId] as const,
};

export function webhookEndpointsOptions(apiKey: string) {
  return queryOptions({
    queryKey: webhookKeys.endpoints(),
    queryFn: () => listWebhooksWithKey(apiKey),
    // Health changes as deliveries fail or recover: refreshed while the view is open.
    refetchInterval: 5_000,
  });
}

export function webhookDeliveriesOptions(apiKey: string, endpointId: string) {
  return queryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => listWebhookDeliveriesWithKey(apiKey, endpointId),
    refetchInterval: 2_000,
  });
}
