/**
 * A resource as list views show it (feeds, search results, cards). The API answers with
 * this shape and the web app renders it, so both import it from here.
 */
export interface ResourceView {
  _id: string;
  titleUrl: string;
  title: string;
  description: { short: string; long: string };
  /** In dollars; 0 or less means the resource is free. */
  price: number;
  keywords: string[];
  platform: string;
  topic: string;
  sponsored: boolean;
  status: string;
  author: {
    _id: string;
    username: string;
    info: { displayName: string | null; thumbnail: string | null };
  };
  ratings: { positive: number; negative: number; redFlags: number; saves: number };
  images: { imageUrl: string }[];
  /** ISO 8601 timestamp. */
  createdAt: string;
}
