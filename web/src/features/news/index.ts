/** What other features may use of the news: the latest documents and news (the dashboard). */
export { fetchDocuments, fetchNews, newsKeys } from './api/news-api';
