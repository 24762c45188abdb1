// Refine's authProvider over the login and account calls. Every method resolves (never
// rejects): failures come back as { success: false, error } for the dialog to show.
import { useInvalidateAuthStore, type AuthActionResponse, type AuthProvider, type CheckResponse, type OnErrorResponse } from "@refinedev/core";
import { MEMBER_TYPE_LABELS, memberTypeKey, type MemberTypeKey } from "../domain/member";
import { msg } from "../domain/messages";
import { codeLabelNow, domainLang } from "./i18n-provider";
import { closeLogin, requestLogin } from "./login-dialog";
import { LOGIN_PATH, RequestError, markSessionEnding, request } from "./request";
import { INDEX_PATH } from "../access/routes";
import {
  clearSession, getStoredUser, getToken, localStore, saveRedirect, sessionStore, setStoredUser, setToken, takeRedirect,
  type KeyValueStore,
} from "./session-store";

// The MD5 code is fetched with the first password a user sends, not with every page's first load.
async function passwordDigest(plain: string): Promise<string> {
  return (await import("../domain/password-digest")).passwordDigest(plain);
}

/** Default address after logout. */
export const HOME_PATH = INDEX_PATH;

// ---- cached data cleared on logout ----

/** Any localStorage / sessionStorage key starting with this is cached data, cleared on logout. */
export const CACHE_PREFIX = "cache:";
/**
 * Named keys of the cached flight, passenger, menu, config and application data. New code should
 * use `cache:<area>:<name>` keys instead of adding here; these names are the ones older pages and
 * partner shells write.
 */
export const CACHED_DATA_KEYS = [
  // flight searches and the order being filled in
  "flightQuery", "intlFlightQuery", "selectedFlight", "airOrderInfo",
  // passengers picked for an order, and the frequent-traveller list
  "passengers", "selectedPassengers",
  // menu tree and button permissions of the signed-in user
  "menuTree", "buttonPermissions",
  // site / brand config fetched for this user
  "siteConfig", "brandConfig",
  // travel-application mode and the application being booked against, the active order tab
  "applicationMode", "travelApplication", "orderTab",
] as const;

function clearCache(store: KeyValueStore): void {
  for (const key of CACHED_DATA_KEYS) store.removeItem(key);
  // Only a real Storage can be enumerated; the test memory store has named keys only.
  const s = store as Partial<Storage>;
  if (typeof s.length !== "number" || typeof s.key !== "function") return;
  const prefixed: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (key?.startsWith(CACHE_PREFIX)) prefixed.push(key);
  }
  for (const key of prefixed) store.removeItem(key);
}

export function clearCachedData(): void {
  clearCache(localStore());
  clearCache(sessionStore());
}

// ---- the signed-in user ----

export interface PortalUser {
  id?: number;
  memberId?: number;
  memberType?: string | number;
  memberTypeKey?: MemberTypeKey;
  memberTypeCN?: string;
  creditMemberId?: number | null;
  creditEmployeeId?: number | null;
  realName?: string | null;
  username?: string | null;
  mobilePhone?: string;
  photo?: { fileName: string; url: string } | null;
  experienceDate?: string | null;
  /** Display name and avatar for Refine's themed header. */
  name?: string;
  avatar?: string;
  [key: string]: unknown;
}

/** Adds the type key, the type label in the current language and the experienceDate default. */
export function withLabels(raw: Record<string, unknown>): PortalUser {
  const user = raw as PortalUser;
  const key = user.memberTypeKey ?? memberTypeKey({ memberType: user.memberType ?? "10", creditMemberId: user.creditMemberId, creditEmployeeId: user.creditEmployeeId });
  const lang = domainLang();
  return {
    ...user,
    memberTypeKey: key,
    memberTypeCN: codeLabelNow(MEMBER_TYPE_LABELS, key, typeof user.memberTypeCN === "string" ? user.memberTypeCN : key),
    experienceDate: user.experienceDate || msg("permanentlyValid", lang),
    name: user.realName || user.username || user.mobilePhone || "",
    avatar: user.photo?.url,
  };
}

// /member/info is read once per session (per token): sign-in, a partner entry or the first page
// that asks. After that the stored copy answers, until reloadMember() (a profile or photo save).
let memberReadFor: string | null = null;
let memberInFlight: { token: string; promise: Promise<PortalUser | null> } | null = null;

/** Re-reads /member/info and stores it; the stored user when that fails (or null). */
export async function refreshMember(): Promise<PortalUser | null> {
  const token = getToken();
  if (!token) return null;
  try {
    const info = await request<Record<string, unknown>>("/member/info", {}, { silent: true, needLogin: true });
    const user = withLabels(info);
    setStoredUser(user);
    memberReadFor = token;
    return user;
  } catch {
    const stored = getStoredUser();
    return stored ? withLabels(stored) : null;
  }
}

/** The member of this session: /member/info the first time (one call however many ask), then the stored copy. */
export function loadMember(): Promise<PortalUser | null> {
  const token = getToken();
  if (!token) return Promise.resolve(null);
  const stored = getStoredUser();
  if (memberReadFor === token && stored) return Promise.resolve(withLabels(stored));
  if (memberInFlight?.token === token) return memberInFlight.promise;
  const promise = refreshMember().finally(() => {
    if (memberInFlight?.promise === promise) memberInFlight = null;
  });
  memberInFlight = { token, promise };
  return promise;
}

/** The next identity read asks the server again. */
export function forgetMember(): void {
  memberReadFor = null;
}

/** After the member changed (profile, photo): read /member/info again and refresh who is shown. */
export function useReloadMember(): () => Promise<void> {
  const invalidate = useInvalidateAuthStore();
  return () => {
    forgetMember();
    return invalidate();
  };
}

// ---- helpers ----

const currentAddress = () => (typeof window !== "undefined" ? window.location.pathname + window.location.search : "/");

/** Only same-site paths: a saved address must not send the user to another origin. */
const isLocalPath = (p: string | null): p is string => !!p && p.startsWith("/") && !p.startsWith("//");

/** After login: the saved address, the index when signing in from the login page, else stay. */
function addressAfterLogin(): string | undefined {
  const saved = takeRedirect();
  if (isLocalPath(saved) && !saved.startsWith(LOGIN_PATH)) return saved;
  return currentAddress().startsWith(LOGIN_PATH) ? HOME_PATH : undefined;
}

/** A refusal keeps the server's field messages (data.errors of a ret 400) for the form to place. */
function failure(e: unknown, name: string): AuthActionResponse {
  const message = e instanceof Error ? e.message : String(e);
  const errors = e instanceof RequestError ? (e.reply?.data as { errors?: unknown } | null | undefined)?.errors : undefined;
  return { success: false, error: Object.assign(new Error(message), { name }, errors && typeof errors === "object" ? { errors } : {}) };
}

// ---- params the dialog and the account pages pass (passwords as typed; MD5 happens here) ----

export type LoginParams =
  | { mode?: "account"; mobilePhone: string; loginPsw: string; accCode?: string; captchaId?: string }
  | { mode: "mobile"; mobilePhone: string; code: string };
export interface RegisterParams {
  mobilePhone: string;
  code: string;
  loginPwd: string;
  refermobilephone?: string;
}
export interface ForgotPasswordParams {
  mobilePhone: string;
  smsCode: string;
  pswd: string;
}
export interface UpdatePasswordParams {
  oldPswd: string;
  pswd: string;
}

type LoginReply = { token: string } & Record<string, unknown>;

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    try {
      const reply =
        params.mode === "mobile"
          ? await request<LoginReply>("/login/appNewLoginMobile", { mobilePhone: params.mobilePhone, code: params.code }, { silent: true })
          : await request<LoginReply>(
              "/login/appNewLogin",
              // The password travels as its MD5 digest, never as typed.
              {
                mobilePhone: params.mobilePhone,
                loginPsw: await passwordDigest(params.loginPsw),
                ...(params.accCode ? { accCode: params.accCode } : {}),
                ...(params.captchaId ? { captchaId: params.captchaId } : {}),
              },
              { silent: true },
            );
      const { token, ...user } = reply;
      setToken(token);
      setStoredUser(withLabels(user));
      closeLogin();
      // Member info is reloaded, then rights are recomputed (the
      // dialog invalidates Refine's identity and permission queries).
      await refreshMember();
      return { success: true, redirectTo: addressAfterLogin() };
    } catch (e) {
      return failure(e, msg("loginFailed", domainLang()));
    }
  },

  // Registration does not sign in: the dialog shows its success step, whose 立即登录 leads to
  // mode 1. The token the server answers is therefore not kept.
  async register(params: RegisterParams) {
    try {
      await request(
        "/register/appRegisterSave",
        {
          mobilePhone: params.mobilePhone,
          code: params.code,
          loginPwd: await passwordDigest(params.loginPwd),
          ...(params.refermobilephone ? { refermobilephone: params.refermobilephone } : {}),
        },
        { silent: true },
      );
      return { success: true };
    } catch (e) {
      return failure(e, msg("registerFailed", domainLang()));
    }
  },

  async forgotPassword(params: ForgotPasswordParams) {
    try {
      await request("/updatePswd", { mobilePhone: params.mobilePhone, smsCode: params.smsCode, pswd: await passwordDigest(params.pswd) }, { silent: true });
      return { success: true };
    } catch (e) {
      return failure(e, msg("resetFailed", domainLang()));
    }
  },

  async updatePassword(params: UpdatePasswordParams) {
    try {
      await request("/updatePsw", { oldPswd: await passwordDigest(params.oldPswd), pswd: await passwordDigest(params.pswd) }, { silent: true, needLogin: true });
      return { success: true };
    } catch (e) {
      return failure(e, msg("passwordChangeFailed", domainLang()));
    }
  },

  async logout(params?: { redirectPath?: string; redirectTo?: string }) {
    // The server call only revokes the token; signing out locally must happen even if it fails.
    if (getToken()) {
      markSessionEnding(getToken());
      await request("/login/appLogout", {}, { silent: true, needLogin: true, quietUnauthorised: true }).catch(() => undefined);
    }
    clearSession();
    clearCachedData();
    forgetMember();
    return { success: true, redirectTo: params?.redirectPath ?? params?.redirectTo ?? HOME_PATH };
  },

  // Unauthenticated is not a redirect here: the route guard opens the dialog over the page.
  async check(): Promise<CheckResponse> {
    return getToken() ? { authenticated: true } : { authenticated: false, logout: false };
  },

  // An expired session (401) is handled once, by the request layer, which every call passes
  // through: it clears the session, keeps the address and goes to the login page. Refine hears
  // of the same failure here and must not log out and redirect a second time.
  async onError(error: unknown): Promise<OnErrorResponse> {
    const e = (error ?? {}) as { statusCode?: number; status?: number; kind?: string; ret?: unknown };
    const status = e.statusCode ?? e.status;
    // A call skipped for want of a token: nobody was signed in, so the dialog asks them to.
    if (e.kind === "no-token") {
      const here = currentAddress();
      if (!here.startsWith(LOGIN_PATH)) saveRedirect(here);
      requestLogin("login");
      return {};
    }
    if (status === 403 || String(e.ret) === "403") return { error: error as Error };
    return {};
  },

  async getIdentity() {
    return loadMember();
  },

  /** The member-type key (10 … 70, 7_0) that the permission tree is keyed by. */
  async getPermissions(): Promise<MemberTypeKey | null> {
    if (!getToken()) return null;
    const stored = getStoredUser();
    const user = stored ? withLabels(stored) : await refreshMember();
    return user?.memberTypeKey ?? null;
  },
};
