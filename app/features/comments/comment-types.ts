/** A comment as the spec names it (§3). */
export type CommentView = {
  uid: string;
  authorId: string;
  nickname: string;
  comment: string;
  rating: number;
  createdAt: string;
};
