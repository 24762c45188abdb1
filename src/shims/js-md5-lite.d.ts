// js-md5's lite build is the same md5 function as its main entry, whose types it reuses.
declare module "js-md5/build/md5-lite.mjs" {
  export { md5, md5 as default } from "js-md5";
}
