export const MEDIA_QUEUE = "media";
export const RESIZE_JOB = "media.resize";
export const TRANSCODE_JOB = "media.transcode";
export const THUMBNAIL_JOB = "media.thumbnail";
