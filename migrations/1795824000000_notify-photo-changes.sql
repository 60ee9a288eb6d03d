-- Up Migration
-- Changes to an animal's photos notify petstore_changes like pets' do
-- (1795564800021_notify-changes.sql), so each instance may remember the photos of the
-- pages it lists and drop them when any instance changes one (docs/decisions/182).
CREATE TRIGGER pet_photos_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pet_photos
  FOR EACH STATEMENT EXECUTE FUNCTION petstore_notify_change();

-- Down Migration
DROP TRIGGER pet_photos_notify_change ON pet_photos;
