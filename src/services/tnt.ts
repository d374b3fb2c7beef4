/** 货物跟踪: a plan's timeline and a clerk's milestone, from the endpoint table's routes. */
import { requestRoute } from '@/utils/requestRoute';
import type { BodyOf, ResponseOf } from '@contract/shared/endpoint';
import { tntRoutes } from '@contract/tnt/codes';
import type { tntEndpoints } from '@contract/tnt/schema';

type Endpoints = typeof tntEndpoints;

/** GET /v1/tnt/timeline/{planKey}: every milestone of the plan, corrections included. */
export const queryTimeline = (planKey: string) =>
  requestRoute<ResponseOf<Endpoints['timeline']> | undefined>(tntRoutes.timeline, { pathParams: { planKey } });

/** POST /v1/tnt/milestones: a milestone entered by the clerk. */
export const enterMilestone = (body: BodyOf<Endpoints['enter']>) =>
  requestRoute<ResponseOf<Endpoints['enter']> | undefined>(tntRoutes.enter, { data: body });
