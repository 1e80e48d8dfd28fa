import {
  Arg,
  Args,
  Authorized,
  Ctx,
  FieldResolver,
  Int,
  Query,
  Resolver,
  Root,
} from "type-graphql";
import { ScopedMutation } from "../../graphql/auth.js";
import { PageArgs, toConnection } from "../../graphql/connection.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { chargeWalk } from "../../graphql/rate-limit.js";
import { keyedValue, serviceContext } from "../../graphql/service-context.js";
import { OPERATIONS } from "../../operations.js";
import {
  CancelTransferInput,
  CreateTransferInput,
  ReceiveTransferInput,
  TransfersArgs,
} from "./transfer.inputs.js";
import * as history from "./transfer.read.js";
import * as transfers from "./transfer.service.js";
import {
  CancelTransferPayload,
  CreateTransferPayload,
  ReceiveTransferPayload,
  Transfer,
  TransferConnection,
  TransferLineConnection,
} from "./transfer.types.js";

@Resolver(() => Transfer)
export class TransferResolver {
  @ScopedMutation(
    "adjust",
    () => CreateTransferPayload,
    "Dispatches a transfer between two sites, all lines or none: each line's quantity leaves the source at once (TRANSFER_OUT movements) and is in transit until received; with receive it arrives in the same transaction (TRANSFER_IN).",
  )
  async createTransfer(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CreateTransferInput, { description: "The sites and the lines." })
    input: CreateTransferInput,
  ) {
    const { idempotencyKey, ...data } = input;
    return {
      transfer: await keyedValue(ctx, idempotencyKey, (s, key) =>
        transfers.createTransfer(s, data, key),
      ),
    };
  }

  @ScopedMutation(
    "adjust",
    () => ReceiveTransferPayload,
    "Receives a transfer at its destination, whole or in part (TRANSFER_IN movements); close writes off what never arrived (TRANSFER_LOSS). Priced by the transfer's lines.",
  )
  async receiveTransfer(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => ReceiveTransferInput, { description: "The transfer and what arrived." })
    input: ReceiveTransferInput,
  ) {
    const { id, idempotencyKey, ...data } = input;
    const transfer = await keyedValue(ctx, idempotencyKey, async (s, key) => {
      await chargeWalk(ctx, OPERATIONS.receiveTransfer, transfers.transferWalk(s, id));
      return transfers.receiveTransfer(s, id, data, key);
    });
    return { transfer };
  }

  @ScopedMutation(
    "adjust",
    () => CancelTransferPayload,
    "Cancels a transfer before any receipt: every line goes back in at the source (TRANSFER_IN movements). Priced by the transfer's lines.",
  )
  async cancelTransfer(
    @Ctx() ctx: GraphQLContext,
    @Arg("input", () => CancelTransferInput, { description: "The transfer to cancel." })
    input: CancelTransferInput,
  ) {
    const { id, idempotencyKey } = input;
    const transfer = await keyedValue(ctx, idempotencyKey, async (s, key) => {
      await chargeWalk(ctx, OPERATIONS.cancelTransfer, transfers.transferWalk(s, id));
      return transfers.cancelTransfer(s, id, key);
    });
    return { transfer };
  }

  @Authorized("read")
  @Query(() => Transfer, {
    description: "A transfer by id (TRANSFER_NOT_FOUND if the account has none).",
  })
  transfer(
    @Ctx() ctx: GraphQLContext,
    @Arg("id", () => Int, { description: "The transfer's id." }) id: number,
  ) {
    return history.getTransfer(serviceContext(ctx), id);
  }

  @Authorized("read")
  @Query(() => TransferConnection, {
    description:
      "The account's transfers, newest first; status IN_TRANSIT with toSiteId: what is on its way to a site.",
  })
  async transfers(@Ctx() ctx: GraphQLContext, @Args(() => TransfersArgs) args: TransfersArgs) {
    const { first, after, ...filter } = args;
    return toConnection(
      await history.listTransfers(serviceContext(ctx), { ...filter, limit: first, cursor: after }),
      after,
    );
  }

  @Authorized("read")
  @FieldResolver(() => TransferLineConnection, {
    description: "The transfer's lines in the order sent, a page at a time.",
  })
  async lines(
    @Ctx() ctx: GraphQLContext,
    @Root() transfer: Transfer,
    @Args(() => PageArgs) { first, after }: PageArgs,
  ) {
    const { itemSiteId, ...page } = await history.listTransferLines(
      serviceContext(ctx),
      transfer.id,
      { limit: first, cursor: after },
    );
    const items = page.items.map((edge) => ({ ...edge, node: { ...edge.node, itemSiteId } }));
    return toConnection({ ...page, items }, after);
  }
}
