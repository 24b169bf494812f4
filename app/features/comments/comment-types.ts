/** A comment as the pages show it. */
export type CommentView = {
  uid: string;
  authorId: string;
  nickname: string;
  comment: string;
  rating: number;
  createdAt: string;
};
