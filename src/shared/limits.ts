/** Named limits shared by server and UI. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const FIRST_NAME_MAX_LENGTH = 60;
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
export const NOTIFICATION_BADGE_MAX = 99;
export const AUTH_UNAUTHORIZED_PAUSE_AFTER = 3;
export const AUTH_UNAUTHORIZED_PAUSE_MS = 30_000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_DELAY_MS = 700;
export const INSTALL_PROMPT_DELAY_MS = 3_000;
export const INSTALL_REPROMPT_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
export const SW_UPDATE_CHECK_MS = 24 * 60 * 60 * 1000;
export const SW_UPDATE_HOOK_DEFAULT_MS = 60_000;
export const DEFERRED_UPDATE_RENOTIFY_MS = 60 * 60 * 1000;
export const UPDATE_APPLYING_TOAST_MS = 3_000;
export const RECONNECT_BASE_MS = 2_000;
export const RECONNECT_MAX_MS = 60_000;
export const FALLBACK_POLL_MS = 15_000;
export const CONNECTION_BADGE_HIDE_CONNECTED_MS = 2_000;
export const CONNECTION_BADGE_HIDE_FALLBACK_MS = 3_000;
/** Portfolio and flash uploads: JPEG, PNG, WebP or HEIC up to this size (checked in the browser and on the server). */
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;
export const PORTFOLIO_MAX_IMAGES = 60;
export const FLASH_MAX_DESIGNS = 100;
/** Photos on one review (issue 11 §5), and photos a person may upload in a day before attaching them. */
export const REVIEW_MAX_PHOTOS = 4;
export const REVIEW_PHOTO_UPLOADS_PER_DAY = 12;
export const REVIEW_PHOTO_ALT_MAX = 200;
