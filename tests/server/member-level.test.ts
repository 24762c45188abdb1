// Every route sees the caller's member level: 999 for a guest (spec §1), else the member's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startHarness, post, type Harness } from "./harness";
import { defineRoute } from "../../server/services/http/route";
import { createSession } from "../../server/services/accounts/sessions";

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    routes: [
      defineRoute({
        method: "POST",
        url: "/t/level",
        summary: "test: the caller's level",
        access: "public",
        input: z.object({}).strict(),
        handler: ({ memberLevel }) => ({ memberLevel }),
      }),
    ],
  });
});
afterAll(async () => h?.close());

describe("member level in the route context", () => {
  it("is 999 for a guest", async () => {
    expect((await post(h.app, "/t/level")).body.data.memberLevel).toBe(999);
  });

  it("is the member's own level when signed in", async () => {
    const m = await h.db.db.selectFrom("members").select(["id", "memberLevel"]).where("mobilePhone", "=", "13800000030").executeTakeFirstOrThrow();
    const token = await createSession(h.db.db, m.id);
    expect((await post(h.app, "/t/level", { token })).body.data.memberLevel).toBe(m.memberLevel);
    expect(m.memberLevel).not.toBe(999);
  });
});
