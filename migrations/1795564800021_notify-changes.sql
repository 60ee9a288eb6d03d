-- Up Migration
-- Every statement that changes a table an instance caches reads of (pets, orders,
-- categories, api_keys) notifies channel petstore_changes with "<schema>.<table>"; the
-- notification is sent at commit, and only if the transaction commits. Instances LISTEN
-- and drop what they remembered of that table (lib/store/postgres/change-feed.ts,
-- docs/decisions/123). A trigger rather than a NOTIFY in the application: it reaches every
-- writer (npm run keys, db:import, psql) and costs no round trip. Per statement, so a
-- batch of pets notifies once; PostgreSQL folds equal notifications of a transaction.
CREATE FUNCTION petstore_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('petstore_changes', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER pets_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pets
  FOR EACH STATEMENT EXECUTE FUNCTION petstore_notify_change();
CREATE TRIGGER orders_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION petstore_notify_change();
CREATE TRIGGER categories_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION petstore_notify_change();
CREATE TRIGGER api_keys_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION petstore_notify_change();

-- Down Migration
DROP TRIGGER api_keys_notify_change ON api_keys;
DROP TRIGGER categories_notify_change ON categories;
DROP TRIGGER orders_notify_change ON orders;
DROP TRIGGER pets_notify_change ON pets;
DROP FUNCTION petstore_notify_change();
