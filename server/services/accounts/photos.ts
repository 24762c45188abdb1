// Member photos: stored in the database (files table) so stateless server processes share them,
// served by GET /api/file/:id. The bytes must be the image type the upload declares.
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { imageMimeOf, type PhotoMime } from "../../../src/domain/profile";
import { ACCOUNT_MSG, ACCOUNT_RET, accountError } from "./errors";
import { isoAt } from "../clock";

export interface PhotoUpload {
  fileName: string;
  mime: PhotoMime;
  dataBase64: string;
}

/** Stores the photo and points members.photo at it; the previous photo file is removed. */
export async function savePhoto(db: Kysely<Database>, memberId: number, upload: PhotoUpload): Promise<{ id: string; fileName: string; url: string; size: number }> {
  const bytes = Buffer.from(upload.dataBase64, "base64");
  if (imageMimeOf(bytes) !== upload.mime) throw accountError(ACCOUNT_RET.PHOTO_MISMATCH, ACCOUNT_MSG.photoMismatch);
  const id = crypto.randomBytes(16).toString("hex");
  const time = isoAt();
  await db.transaction().execute(async (trx) => {
    const adb = trx;
    const old = await trx.selectFrom("members").select("photo").where("id", "=", memberId).executeTakeFirst();
    await adb
      .insertInto("files")
      .values({ id, memberId, fileName: upload.fileName, mime: upload.mime, size: bytes.length, dataBase64: bytes.toString("base64"), createTime: time })
      .execute();
    await trx.updateTable("members").set({ photo: `file:${id}`, updateTime: time }).where("id", "=", memberId).execute();
    if (old?.photo?.startsWith("file:")) {
      await adb.deleteFrom("files").where("id", "=", old.photo.slice(5)).where("memberId", "=", memberId).execute();
    }
  });
  return { id, fileName: upload.fileName, url: `/api/file/${id}`, size: bytes.length };
}

export async function loadFile(db: Kysely<Database>, id: string) {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  return (await db.selectFrom("files").select(["id", "mime", "size", "dataBase64"]).where("id", "=", id).executeTakeFirst()) ?? null;
}
