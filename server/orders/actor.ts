// Who moves an order, for every product alike: the member acting on their own order, or the
// system (a payment that settled, a deadline that passed, a supplier's answer). Each product's
// timeline names the actor, and its state machine allows some moves to one kind only.
import type { Member } from "../db/schema";
import { say } from "../services/i18n/catalogue";
import { said } from "../services/i18n/text";

export type ActorKind = "member" | "system";

export interface Actor {
  kind: ActorKind;
  memberId: number | null;
  name: string;
}

export const SYSTEM_ACTOR: Actor = { kind: "system", memberId: null, name: say("approvals.system") };

export function memberActor(m: Member): Actor {
  return { kind: "member", memberId: m.id, name: m.realName || m.mobilePhone };
}

export const ORDER_NOT_FOUND = said("flight.orderFound");
