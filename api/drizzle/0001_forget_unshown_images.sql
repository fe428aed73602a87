-- Uploaded images that no course shows any more (replaced or deleted before the API cleaned them up itself).
DELETE FROM "images" WHERE NOT EXISTS (SELECT 1 FROM "courses" WHERE "courses"."image_url" = '/api/images/' || "images"."id");
