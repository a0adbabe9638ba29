import { useParams } from 'react-router-dom';
import { ModuleFrame } from '../apps/ModuleFrame';

/**
 * Delivery detail (spec §2) of the order in the route's `:id`, shared by /pgt/:id and /tracerroute/:id.
 * `backTo` is the list the user came from.
 */
export default function DeliveryDetail({ backTo }: { backTo: string }) {
  const { id } = useParams();
  return <ModuleFrame title={`${id ?? ''} ${backTo}`} />;
}
