/**
 * The largest row id: ids are PostgreSQL `integer` columns, so a larger number can name no row and must be
 * refused as a bad value (400 naming the field), not reach the database and fail there (issue #11).
 */
export const DB_ID_MAX = 2_147_483_647;
