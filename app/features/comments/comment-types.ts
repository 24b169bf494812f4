/** A comment as the pages show it. */
export type CommentView = {
  uid: string;
  authorId: string;
  nickname: string;
  comment: string;
  /** 1–5, or null (the recipe owner's comments carry none). */
  rating: number | null;
  /** Whether this is the rating of its author that counts in the recipe's mean (their latest). */
  ratingCounts: boolean;
  createdAt: string;
};
